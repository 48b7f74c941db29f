import { describe, expect, it } from 'vitest';
import { fakeInfo, fakeOver, fakeOwn, fakeQuestion, fakeRound, fakeSnapshot } from './fake-game';
import {
  chosenOn,
  initialLiveGame,
  liveGameReducer,
  otherPlayers,
  phaseOf,
  type LiveGameEvent,
  type LiveGameState,
} from './live-game-state';

const play = (events: LiveGameEvent[], from: LiveGameState = initialLiveGame) => events.reduce(liveGameReducer, from);
const T0 = 1_000_000;

describe('a live game as one page sees it', () => {
  it('joins into the lobby, which the counts keep up to date', () => {
    let s = play([{ type: 'snapshot', snapshot: fakeSnapshot(), at: T0 }]);
    expect(phaseOf(s)).toBe('lobby');
    expect(s.lobby.count).toBe(2);
    s = play(
      [{ type: 'lobby', counts: { players: 3, answered: 0, recent: [{ name: 'Meena S.', avatar: 'default' }] } }],
      s,
    );
    expect(s.lobby).toEqual({ count: 3, recent: [{ name: 'Meena S.', avatar: 'default' }] });
    expect(s.info?.players).toBe(3);
  });

  it('goes question, answer sending then locked, round with own result, next question, podium', () => {
    let s = play([
      { type: 'snapshot', snapshot: fakeSnapshot(), at: T0 },
      { type: 'question', question: fakeQuestion(0, { remainingMs: 29_500 }), at: T0 + 10 },
    ]);
    expect(phaseOf(s)).toBe('question');
    expect(s.question?.deadline).toBe(T0 + 10 + 29_500);
    s = play([{ type: 'answering', index: 0, choice: 1 }], s);
    expect(s.answer).toEqual({ index: 0, choice: 1, status: 'sending' });
    s = play([{ type: 'answerTaken', index: 0, choice: 1, seconds: 12 }], s);
    expect(s.answer).toEqual({ index: 0, choice: 1, status: 'locked', seconds: 12 });
    // The round's one message to the room: the key is option 1, so 12 s is worth 200 marks, and
    // with 300, 200 and 0 held the page reads rank 2 off the counts.
    s = play([{ type: 'round', round: fakeRound(0) }], s);
    expect(phaseOf(s)).toBe('round');
    expect(s.own).toEqual(fakeOwn(0));
    expect(s.you).toMatchObject({ rank: 2, score: 200 });
    // The round keeps the question, so its options show with the key.
    expect(s.question?.index).toBe(0);
    expect(chosenOn(s, 0)).toBe(1);
    s = play([{ type: 'question', question: fakeQuestion(1), at: T0 + 40_000 }], s);
    expect(phaseOf(s)).toBe('question');
    expect(s.answer).toBeNull();
    s = play([{ type: 'over', over: fakeOver() }], s);
    expect(phaseOf(s)).toBe('over');
    expect(s.info?.state).toBe('finished');
  });

  it('works the round out once the acknowledgement of the answer that closed it arrives, and only once', () => {
    const sent = play([
      {
        type: 'snapshot',
        snapshot: fakeSnapshot({ you: { name: 'Ravi K.', avatar: 'doctor', score: 300, rank: 1 } }),
        at: T0,
      },
      { type: 'question', question: fakeQuestion(1), at: T0 },
      { type: 'answering', index: 1, choice: 1 },
      // This answer closed the round: the server sent the round before the acknowledgement.
      {
        type: 'round',
        round: fakeRound(1, {
          scores: [
            [600, 2],
            [300, 1],
          ],
        }),
      },
    ]);
    expect(sent.own).toBeNull();
    const taken = play([{ type: 'answerTaken', index: 1, choice: 1, seconds: 4 }], sent);
    expect(taken.own).toEqual(fakeOwn(1, { rank: 1, score: 600, gained: 300 }));
    expect(taken.you).toMatchObject({ rank: 1, score: 600 });
    // The same round again (a rejoin's snapshot, then the room's message) is not counted twice.
    expect(
      play(
        [
          {
            type: 'round',
            round: fakeRound(1, {
              scores: [
                [600, 2],
                [300, 1],
              ],
            }),
          },
        ],
        taken,
      ).you?.score,
    ).toBe(600);
  });

  it('a wrong, missing or late answer gains nothing; the final place is read off the final counts', () => {
    const asked = play([
      {
        type: 'snapshot',
        snapshot: fakeSnapshot({ you: { name: 'Ravi K.', avatar: 'doctor', score: 700, rank: 2 } }),
        at: T0,
      },
      { type: 'question', question: fakeQuestion(2), at: T0 },
    ]);
    const wrong = play(
      [
        { type: 'answering', index: 2, choice: 0 },
        { type: 'answerTaken', index: 2, choice: 0, seconds: 2 },
        { type: 'round', round: fakeRound(2) },
      ],
      asked,
    );
    expect(wrong.own).toMatchObject({ correct: false, chosen: 0, gained: 0, score: 700 });
    const none = play([{ type: 'round', round: fakeRound(2) }], asked);
    expect(none.own).toMatchObject({ correct: false, chosen: null, gained: 0, score: 700 });
    const late = play(
      [
        { type: 'answering', index: 2, choice: 1 },
        { type: 'round', round: fakeRound(2) },
        { type: 'answerFailed', index: 2, error: { code: 'CHALLENGE_LATE_ANSWER', message: 'late' } },
      ],
      asked,
    );
    expect(late.own).toMatchObject({ correct: false, chosen: null, gained: 0, score: 700 });
    // The round's counts put Ravi's 700 first; the final counts (the host ended the game after a
    // returning player's 900 was counted) put him second.
    expect(none.you).toMatchObject({ score: 700, rank: 1 });
    const over = play(
      [
        {
          type: 'over',
          over: fakeOver({
            scores: [
              [900, 1],
              [700, 1],
            ],
          }),
        },
      ],
      none,
    );
    expect(over.you).toMatchObject({ score: 700, rank: 2 });
  });

  it('a reload mid-question restores the answer given and the time left', () => {
    const s = play([
      {
        type: 'snapshot',
        snapshot: fakeSnapshot({
          info: fakeInfo({ state: 'question' }),
          question: fakeQuestion(1, { remainingMs: 12_000 }),
          answeredChoice: 2,
          answeredSeconds: 6.5,
          you: { name: 'Ravi K.', avatar: 'doctor', score: 300, rank: 1 },
        }),
        at: T0,
      },
    ]);
    expect(phaseOf(s)).toBe('question');
    expect(s.question?.deadline).toBe(T0 + 12_000);
    expect(s.answer).toEqual({ index: 1, choice: 2, status: 'locked', seconds: 6.5 });
    expect(s.you?.score).toBe(300);
  });

  it('a rejoin at the scoreboard keeps the question this page saw; a new page has none to show', () => {
    const before = play([
      { type: 'snapshot', snapshot: fakeSnapshot(), at: T0 },
      { type: 'question', question: fakeQuestion(0), at: T0 },
      { type: 'answering', index: 0, choice: 3 },
    ]);
    const round = fakeSnapshot({ round: fakeRound(0), own: fakeOwn(0, { correct: false, chosen: 3, gained: 0 }) });
    const rejoined = play([{ type: 'snapshot', snapshot: round, at: T0 + 5_000 }], before);
    expect(phaseOf(rejoined)).toBe('round');
    expect(rejoined.question?.index).toBe(0);
    expect(chosenOn(rejoined, 0)).toBe(3);
    const fresh = play([{ type: 'snapshot', snapshot: round, at: T0 + 5_000 }]);
    expect(phaseOf(fresh)).toBe('round');
    expect(fresh.question).toBeNull();
    expect(chosenOn(fresh, 0)).toBe(3);
  });

  it('a late answer stays refused; a lost one may be given again', () => {
    const asked = play([
      { type: 'snapshot', snapshot: fakeSnapshot(), at: T0 },
      { type: 'question', question: fakeQuestion(0), at: T0 },
      { type: 'answering', index: 0, choice: 1 },
    ]);
    const late = play(
      [{ type: 'answerFailed', index: 0, error: { code: 'CHALLENGE_LATE_ANSWER', message: 'late' } }],
      asked,
    );
    expect(late.answer?.status).toBe('late');
    expect(chosenOn(late, 0)).toBeNull();
    const lost = play([{ type: 'answerFailed', index: 0, error: { code: 'NETWORK', message: 'down' } }], asked);
    expect(lost.answer).toBeNull();
    expect(lost.answerError?.code).toBe('NETWORK');
    // An answer to an earlier question coming back late changes nothing.
    expect(play([{ type: 'answerTaken', index: 5, choice: 1, seconds: 3 }], asked)).toEqual(asked);
  });

  it('a refused join fails the page, but a known podium stays', () => {
    const failed = play([{ type: 'failed', error: { code: 'CHALLENGE_PLACE_LOST', message: 'gone' } }]);
    expect(phaseOf(failed)).toBe('failed');
    const over = play([
      { type: 'snapshot', snapshot: fakeSnapshot({ over: fakeOver() }), at: T0 },
      { type: 'failed', error: { code: 'CHALLENGE_ENDED', message: 'ended' } },
    ]);
    expect(phaseOf(over)).toBe('over');
  });

  it('another tab taking the place over, and the connection dropping, are said; a rejoin clears them', () => {
    let s = play([
      { type: 'snapshot', snapshot: fakeSnapshot(), at: T0 },
      { type: 'replaced' },
      { type: 'online', online: false },
    ]);
    expect(phaseOf(s)).toBe('replaced');
    expect(s.online).toBe(false);
    s = play([{ type: 'snapshot', snapshot: fakeSnapshot(), at: T0 }], s);
    expect(phaseOf(s)).toBe('lobby');
    expect(s.online).toBe(true);
  });

  it('counts the other players a host who plays may start with', () => {
    const host = play([{ type: 'snapshot', snapshot: fakeSnapshot({ info: fakeInfo({ isHost: true }) }), at: T0 }]);
    expect(otherPlayers(host)).toBe(1);
    const teacher = play([
      {
        type: 'snapshot',
        snapshot: fakeSnapshot({ info: fakeInfo({ isHost: true, hostPlays: false }), you: null }),
        at: T0,
      },
    ]);
    expect(otherPlayers(teacher)).toBe(2);
  });
});

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
    s = play([{ type: 'answerTaken', index: 0 }], s);
    expect(s.answer?.status).toBe('locked');
    s = play(
      [
        { type: 'round', round: fakeRound(0) },
        { type: 'own', own: fakeOwn(0) },
      ],
      s,
    );
    expect(phaseOf(s)).toBe('round');
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

  it('a reload mid-question restores the answer given and the time left', () => {
    const s = play([
      {
        type: 'snapshot',
        snapshot: fakeSnapshot({
          info: fakeInfo({ state: 'question' }),
          question: fakeQuestion(1, { remainingMs: 12_000 }),
          answeredChoice: 2,
          you: { name: 'Ravi K.', avatar: 'doctor', score: 300, rank: 1 },
        }),
        at: T0,
      },
    ]);
    expect(phaseOf(s)).toBe('question');
    expect(s.question?.deadline).toBe(T0 + 12_000);
    expect(s.answer).toEqual({ index: 1, choice: 2, status: 'locked' });
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
    expect(play([{ type: 'answerTaken', index: 5 }], asked)).toEqual(asked);
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

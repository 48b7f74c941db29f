import type { GameInfo, GameOver, GameQuestion, GameSnapshot, OwnResult, RoundResult, ScoreRow } from '@ki/contracts';

/** Test data of a live game: a 3-question science challenge hosted by Asha, as the server sends it. */
export const CODE = '482913';

export const fakeInfo = (extra: Partial<GameInfo> = {}): GameInfo => ({
  code: CODE,
  title: 'Science',
  subjectName: 'Science',
  hostName: 'Asha P.',
  questionCount: 3,
  state: 'lobby',
  players: 2,
  isHost: false,
  hostPlays: true,
  ...extra,
});

export const fakeSnapshot = (extra: Partial<GameSnapshot> = {}): GameSnapshot => ({
  info: fakeInfo(),
  you: { name: 'Ravi K.', avatar: 'doctor', score: 0, rank: 2 },
  lobby: {
    count: 2,
    recent: [
      { name: 'Asha P.', avatar: 'scientist' },
      { name: 'Ravi K.', avatar: 'doctor' },
    ],
    answered: 0,
  },
  hostAway: false,
  question: null,
  answeredChoice: null,
  answeredSeconds: null,
  round: null,
  own: null,
  over: null,
  ...extra,
});

export const fakeQuestion = (index: number, extra: Partial<GameQuestion> = {}): GameQuestion => ({
  index,
  total: 3,
  type: 'multiple_choice',
  text: `Question ${index + 1}: which gas do plants take in?`,
  options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Helium'],
  seconds: 30,
  remainingMs: 30_000,
  ...extra,
});

export const row = (rank: number, name: string, score: number, avatar = 'default'): ScoreRow => ({
  rank,
  name,
  avatar,
  score,
});

export const fakeRound = (index: number, extra: Partial<RoundResult> = {}): RoundResult => ({
  index,
  total: 3,
  question: { type: 'multiple_choice', text: fakeQuestion(index).text, options: fakeQuestion(index).options },
  answer: [1],
  solution: 'Plants take in carbon dioxide and give out oxygen.',
  answered: 3,
  players: 3,
  top: [row(1, 'Asha P.', 300, 'scientist'), row(2, 'Ravi K.', 200, 'doctor'), row(3, 'Meena S.', 0)],
  scores: [
    [300, 1],
    [200, 1],
    [0, 1],
  ],
  last: index === 2,
  ...extra,
});

export const fakeOwn = (index: number, extra: Partial<OwnResult> = {}): OwnResult => ({
  index,
  rank: 2,
  score: 200,
  gained: 200,
  correct: true,
  chosen: 1,
  ...extra,
});

export const fakeOver = (extra: Partial<GameOver> = {}): GameOver => ({
  reason: 'finished',
  podium: [row(1, 'Asha P.', 900, 'scientist'), row(2, 'Ravi K.', 700, 'doctor'), row(3, 'Meena S.', 300)],
  top: [
    row(1, 'Asha P.', 900, 'scientist'),
    row(2, 'Ravi K.', 700, 'doctor'),
    row(3, 'Meena S.', 300),
    row(4, 'Dev R.', 0),
  ],
  scores: [
    [900, 1],
    [700, 1],
    [300, 1],
    [0, 1],
  ],
  ...extra,
});

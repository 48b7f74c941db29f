import { QUESTION_TYPES } from '@ki/domain';
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { lineText } from '../common/text';

/**
 * The live challenge (issue #24; access-and-app-shell.md 2.1, 2.8 challenge join, start-game lobby
 * and waiting lobby, 3 game state and players, 4.9 challenge lobby, 5 and 9 the 6-digit code;
 * scoring-and-metrics.md quiz and challenge marks). A host creates a game over HTTP and gets a
 * 6-digit code; everyone then plays over the app's one Socket.IO connection (same port, session
 * cookie). The server times every answer from the moment it sent the question.
 */

/** A game's join code: 6 digits (spec 5, 9). */
export const CHALLENGE_CODE_LENGTH = 6;
export const ChallengeCodeSchema = z.string().regex(/^\d{6}$/, 'A game code is 6 digits');
/** Seconds a question is open: marks are 300 within 10 s, 200 within 20 s, 100 up to here. */
export const CHALLENGE_QUESTION_SECONDS = 30;
/** Questions a student's challenge may have (from the question bank of their subject). */
export const CHALLENGE_MIN_QUESTIONS = 3;
export const CHALLENGE_MAX_QUESTIONS = 20;
export const CHALLENGE_DEFAULT_QUESTIONS = 10;
/** A player away for longer than this loses their place (name, score and rank are kept until then). */
export const CHALLENGE_RECONNECT_SECONDS = 60;
/** A game whose host is away this long ends (the players are told it ended). */
export const CHALLENGE_HOST_AWAY_SECONDS = 300;
/** A lobby nobody starts ends after this long (its code is then free again). */
export const CHALLENGE_LOBBY_MINUTES = 60;
/** A scoreboard the host does not move on from ends the game after this long (players are not kept waiting forever). */
export const CHALLENGE_IDLE_MINUTES = 10;
/**
 * The last question's answer and scoreboard stay this long before the podium, as every other
 * round's do until the host moves on; the host may show the podium sooner.
 */
export const CHALLENGE_PODIUM_SECONDS = 10;
/** Players in one game. */
export const CHALLENGE_MAX_PLAYERS = 5000;
/** A player's name on the scoreboard: 1 to 20 characters, no markup. */
export const CHALLENGE_NAME_MAX = 20;
/** Wrong codes tried before joining is refused for a while (per student, and per network address). */
export const CHALLENGE_WRONG_CODES_PER_USER = 10;
export const CHALLENGE_WRONG_CODES_PER_ADDRESS = 100;
export const CHALLENGE_WRONG_CODE_WINDOW_MINUTES = 10;
/** How many rows the scoreboard everyone sees holds; each player also gets their own rank. */
export const CHALLENGE_TOP = 10;

/** Question types a live game can ask: one option is tapped. */
export const CHALLENGE_QUESTION_TYPES = ['multiple_choice', 'true_false', 'fill_blank'] as const;

export const PlayerNameSchema = lineText()
  .min(1, 'Enter a name')
  .max(CHALLENGE_NAME_MAX, `A name is at most ${CHALLENGE_NAME_MAX} characters`)
  .refine((s) => !/[<>&"'`]/.test(s), 'A name cannot hold < > & " \' or `');

/** POST /challenge/games: a student's challenge from their subject's bank, or a teacher's published quiz. */
export const CreateGameSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('bank'),
    subjectId: IdSchema,
    questions: z
      .number()
      .int()
      .min(CHALLENGE_MIN_QUESTIONS)
      .max(CHALLENGE_MAX_QUESTIONS)
      .default(CHALLENGE_DEFAULT_QUESTIONS),
  }),
  z.object({ source: z.literal('quiz'), assessmentId: IdSchema }),
]);
export type CreateGame = z.input<typeof CreateGameSchema>;

export const GAME_STATES = ['lobby', 'question', 'scoreboard', 'finished', 'ended'] as const;
export type GameState = (typeof GAME_STATES)[number];
export const GAME_END_REASONS = ['finished', 'host_ended', 'host_away', 'lobby_expired', 'idle'] as const;
export type GameEndReason = (typeof GAME_END_REASONS)[number];

export const GamePathSchema = z.object({ code: ChallengeCodeSchema });

/** What the join page shows before joining (GET /challenge/games/:code) and the create answer. */
export const GameInfoSchema = z.object({
  code: ChallengeCodeSchema,
  title: z.string(),
  subjectName: z.string(),
  hostName: z.string(),
  questionCount: z.number(),
  state: z.enum(GAME_STATES),
  players: z.number(),
  /** Whether the caller hosts this game. */
  isHost: z.boolean(),
  /** Whether the host plays too (a student's challenge) or only runs it (a teacher's quiz). */
  hostPlays: z.boolean(),
});
export type GameInfo = z.infer<typeof GameInfoSchema>;

// Socket events -----------------------------------------------------------------------------------

export const JoinGameSchema = z.object({ code: ChallengeCodeSchema, name: PlayerNameSchema.optional() });
export const GameCodeEventSchema = z.object({ code: ChallengeCodeSchema });
export const AnswerGameSchema = z.object({
  code: ChallengeCodeSchema,
  /** The question answered (0-based), so an answer to an earlier question is never taken for this one. */
  index: z
    .number()
    .int()
    .min(0)
    .max(CHALLENGE_MAX_QUESTIONS * 5),
  choice: z.number().int().min(0).max(9),
});

export const LobbyPlayerSchema = z.object({ name: z.string(), avatar: z.string() });
export type LobbyPlayer = z.infer<typeof LobbyPlayerSchema>;

/** The question pushed to everyone at once: no key. `remainingMs` is what is left when it reaches you. */
export const GameQuestionSchema = z.object({
  index: z.number(),
  total: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.string()),
  seconds: z.number(),
  remainingMs: z.number(),
});
export type GameQuestion = z.infer<typeof GameQuestionSchema>;

/** A row of a scoreboard: `rank` is the competition rank (equal scores share it; the faster player is listed first). */
export const ScoreRowSchema = z.object({ rank: z.number(), name: z.string(), avatar: z.string(), score: z.number() });

/** How many players hold each score, highest first: each device reads its own rank off it (@ki/domain competitionRank). */
export const ScoreCountsSchema = z.array(z.tuple([z.number(), z.number()]));
export type ScoreRow = z.infer<typeof ScoreRowSchema>;

/**
 * Sent to the whole room once a round closes: the question again (a page that reloads shows it),
 * the key, the top 10 and the score counts. It is the round's only message: each player's device
 * adds the marks of its own answer (timed by the server, in the answer's acknowledgement) and reads
 * its rank off the counts.
 */
export const RoundResultSchema = z.object({
  index: z.number(),
  total: z.number(),
  question: z.object({ type: z.enum(QUESTION_TYPES), text: z.string(), options: z.array(z.string()) }),
  answer: z.array(z.number()),
  solution: z.string(),
  answered: z.number(),
  players: z.number(),
  top: z.array(ScoreRowSchema),
  scores: ScoreCountsSchema,
  last: z.boolean(),
});
export type RoundResult = z.infer<typeof RoundResultSchema>;

/** A player's own place after a round: worked out on the device from the round (and in a snapshot by the server). */
export const OwnResultSchema = z.object({
  index: z.number(),
  rank: z.number(),
  score: z.number(),
  /** Marks of this round (0 when wrong or not answered). */
  gained: z.number(),
  correct: z.boolean().nullable(),
  chosen: z.number().nullable(),
});
export type OwnResult = z.infer<typeof OwnResultSchema>;

/** The end of a game: the podium (top 3), the top 10 and the final score counts (players who left are not ranked). */
export const GameOverSchema = z.object({
  reason: z.enum(GAME_END_REASONS),
  podium: z.array(ScoreRowSchema),
  top: z.array(ScoreRowSchema),
  scores: ScoreCountsSchema,
});
export type GameOver = z.infer<typeof GameOverSchema>;

/** Everything a page needs after joining or rejoining: the game where it stands now. */
export const GameSnapshotSchema = z.object({
  info: GameInfoSchema,
  /** Null for a teacher who only runs the game. */
  you: z.object({ name: z.string(), avatar: z.string(), score: z.number(), rank: z.number() }).nullable(),
  /** The newest players (at most 50), how many there are, and how many answered the current question. */
  lobby: z.object({ count: z.number(), recent: z.array(LobbyPlayerSchema), answered: z.number() }),
  hostAway: z.boolean(),
  question: GameQuestionSchema.nullable(),
  /** The answer already given to the current question (a player who reloads keeps it). */
  answeredChoice: z.number().nullable(),
  /** The seconds the server timed that answer at. */
  answeredSeconds: z.number().nullable(),
  round: RoundResultSchema.nullable(),
  own: OwnResultSchema.nullable(),
  over: GameOverSchema.nullable(),
});
export type GameSnapshot = z.infer<typeof GameSnapshotSchema>;

/** The host's counters, sent at most a few times a second. */
export const HostCountsSchema = z.object({
  players: z.number(),
  answered: z.number(),
  recent: z.array(LobbyPlayerSchema),
});
export type HostCounts = z.infer<typeof HostCountsSchema>;

/** Every acknowledgement: ok with a value, or a stable error code and message. */
export type Ack<T> = { ok: true; value: T } | { ok: false; code: string; message: string; details?: unknown };

/**
 * The answer's acknowledgement: taken (or a repeat of one already taken, ignored), with the choice
 * that stands and the seconds the server timed it at (its marks follow once the key is out: nothing
 * here tells right from wrong before the round closes).
 */
export const AnswerAckSchema = z.object({
  accepted: z.boolean(),
  duplicate: z.boolean(),
  choice: z.number(),
  seconds: z.number(),
});
export type AnswerAck = z.infer<typeof AnswerAckSchema>;

/** Server -> client events. */
export interface ChallengeServerEvents {
  'challenge:lobby': (counts: HostCounts) => void;
  'challenge:question': (q: GameQuestion) => void;
  'challenge:round': (r: RoundResult) => void;
  'challenge:over': (o: GameOver) => void;
  'challenge:host': (h: { away: boolean }) => void;
  /** This connection was replaced by a newer one of the same player (one connection per player per game). */
  'challenge:replaced': () => void;
}

/** Client -> server events; each answers through its acknowledgement. */
export interface ChallengeClientEvents {
  'challenge:join': (input: z.input<typeof JoinGameSchema>, ack: (a: Ack<GameSnapshot>) => void) => void;
  'challenge:start': (input: z.input<typeof GameCodeEventSchema>, ack: (a: Ack<null>) => void) => void;
  'challenge:next': (input: z.input<typeof GameCodeEventSchema>, ack: (a: Ack<null>) => void) => void;
  'challenge:end': (input: z.input<typeof GameCodeEventSchema>, ack: (a: Ack<null>) => void) => void;
  'challenge:leave': (input: z.input<typeof GameCodeEventSchema>, ack: (a: Ack<null>) => void) => void;
  'challenge:answer': (input: z.input<typeof AnswerGameSchema>, ack: (a: Ack<AnswerAck>) => void) => void;
}

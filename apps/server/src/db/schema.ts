import type { ColumnType, Generated } from 'kysely';
import type {
  AssessmentKind,
  AssessmentStatus,
  AvatarName,
  CallEndReason,
  CallKind,
  ChatFileType,
  ChatRoomKind,
  FinishReason,
  ContentStatusName,
  EntityType,
  LeaderboardMode,
  ParentLinkRequestStatus,
  RecordKindName,
  SubmissionStatus,
} from '@ki/contracts';
import type { Language, QuestionType, UserRole } from '@ki/domain';
import type { BROADCAST_PICTURE_TYPES, CalendarEventType, CalendarProvider, IMAGE_CONTENT_TYPES } from '@ki/contracts';
/** migrations/0037_broadcast_pictures.sql: a notice picture's type. */
type BroadcastPictureType = (typeof BROADCAST_PICTURE_TYPES)[number];

/**
 * Kysely table types for migrations/*.sql. Keep them in step with the SQL: schema.int.test.ts
 * compares them with the migrated database (tables, columns, nullability, types, defaults, and each
 * `in (...)` CHECK with its string-literal type). Vocabularies a CHECK lists come from @ki/domain or
 * @ki/contracts, the lists requests are validated with; they are re-exported here under the names
 * the server has always used.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
/** A NOT NULL column with a default: an insert may leave it out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;
export type { QuestionType, UserRole, ParentLinkRequestStatus };
export type LanguageMap = Partial<Record<Language, string>> & { en: string };
export type ContentStatus = ContentStatusName;
export type RecordKind = RecordKindName;
export interface QuestionContent {
  text: string;
  options: string[];
  solution: string;
}
/**
 * One question of a learning record. Device records: q the curriculum question id, s the seconds the
 * device claimed. Server-written quiz and test records (migration 0020): q the question's position
 * in the attempt (attempt_answers.position, through learning_records.attempt_id), s the seconds as
 * they count (1..30), ok null for an open-ended answer (a teacher marks it on the attempt).
 */
export interface StoredAnswer {
  q: number;
  c: number[] | null;
  s: number;
  ok: boolean | null;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: DefaultTimestamp;
}
export interface SchoolChainsTable {
  id: Generated<number>;
  name: string;
  created_at: DefaultTimestamp;
}
export interface BoardsTable {
  id: Generated<number>;
  code: string;
  name: string;
}
export interface GradesTable {
  grade: number;
  roman: string;
}
export interface SchoolsTable {
  id: Generated<number>;
  chain_id: number | null;
  name: string;
  city: ColumnType<string, string | undefined, string>;
  state: ColumnType<string, string | undefined, string>;
  is_pace: ColumnType<boolean, boolean | undefined, boolean>;
  activated_languages: ColumnType<string[], string[] | undefined, string[]>;
  activated_products: ColumnType<string[], string[] | undefined, string[]>;
  leaderboard_mode: WithDefault<LeaderboardMode>;
  /** IANA time zone of the school's calendar days (migration 0018): screens, CSV files, day rollups. */
  time_zone: WithDefault<string>;
  /** Who pays for the school's students (migration 0030): the school, or each family. */
  paid_by: WithDefault<SchoolPaidBy>;
  /** The code families sign up with (migration 0032); null when the school takes no sign-ups. */
  sign_up_code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
}
export interface SchoolBoardsTable {
  school_id: number;
  board_id: number;
  grades: number[];
}
export interface SubjectsTable {
  id: Generated<number>;
  slug: string;
  names: Json<LanguageMap>;
  theme: ColumnType<string, string | undefined, string>;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
}
export interface ChaptersTable {
  id: Generated<number>;
  subject_id: number;
  board_id: number;
  grade: number;
  slug: string;
  names: Json<LanguageMap>;
  position: number;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
}
export interface TopicsTable {
  id: Generated<number>;
  chapter_id: number;
  slug: string;
  names: Json<LanguageMap>;
  position: number;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
}
export interface ConceptsTable {
  id: Generated<number>;
  topic_id: number;
  language: Language;
  body: string;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
}
export interface QuestionsTable {
  id: Generated<number>;
  topic_id: number;
  type: QuestionType;
  position: number;
  content: Json<Partial<Record<string, QuestionContent>>>;
  answer: ColumnType<number[], number[] | undefined, number[]>;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
}
export interface UsersTable {
  id: Generated<number>;
  role: UserRole;
  is_qa: ColumnType<boolean, boolean | undefined, boolean>;
  first_name: string;
  last_name: ColumnType<string, string | undefined, string>;
  mobile: string | null;
  email: string | null;
  password_hash: string | null;
  login_code: string | null;
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  avatar: WithDefault<AvatarName>;
  chain_id: number | null;
  created_at: DefaultTimestamp;
}
export interface StudentEnrolmentsTable {
  student_id: number;
  school_id: number;
  board_id: number | null;
  grade: number | null;
  section: ColumnType<string, string | undefined, string>;
  enrolled_at: Timestamp;
  /** lower(first_name || ' ' || last_name) of the student, kept by triggers (migration 0011). */
  search_name: ColumnType<string, never, never>;
}
export interface StaffSchoolsTable {
  user_id: number;
  school_id: number;
}
export interface TeacherAssignmentsTable {
  teacher_id: number;
  school_id: number;
  grade: number;
  subject_id: number | null;
}
export interface ParentLinksTable {
  /** migrations/0017_parent_link_audit.sql: the link's own id, who made it, the name the school gave. */
  id: Generated<number>;
  parent_id: number;
  student_id: number;
  created_at: DefaultTimestamp;
  linked_by: ColumnType<number | null, number | null | undefined, number | null>;
  first_name: Generated<string>;
  last_name: Generated<string>;
}
/** migrations/0017_parent_link_audit.sql: a teacher's request, decided by the principal. */
export interface ParentLinkRequestsTable {
  id: Generated<number>;
  student_id: number;
  mobile: string;
  first_name: string;
  last_name: Generated<string>;
  requested_by: number | null;
  requested_at: Timestamp;
  status: Generated<ParentLinkRequestStatus>;
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** migrations/0017_parent_link_audit.sql: every link and unlink. */
export interface ParentLinkEventsTable {
  id: Generated<number>;
  student_id: number;
  parent_id: number | null;
  action: 'linked' | 'unlinked';
  actor_id: number | null;
  at: Timestamp;
  request_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
  user_agent: ColumnType<string, string | undefined, string>;
}
export interface LearningRecordsTable {
  id: string;
  student_id: number;
  school_id: number;
  board_id: number;
  grade: number;
  subject_id: number;
  /** Null only for quiz, test and challenge records (migration 0020). */
  chapter_id: number | null;
  topic_id: number | null;
  kind: RecordKind;
  started_at: Timestamp;
  finished_at: Timestamp;
  question_count: number;
  answered_count: number;
  correct_count: number;
  question_seconds: number;
  duration_seconds: number;
  answers: Json<StoredAnswer[]>;
  learning_currency: number | null;
  learning_efficiency: number | null;
  percent: number | null;
  marks: number | null;
  received_at: DefaultTimestamp;
  /** The assessment attempt a server-written quiz or test record comes from (migration 0020). */
  attempt_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The live game a challenge record comes from (migration 0023). */
  challenge_game_id: ColumnType<string | null, string | null | undefined, string | null>;
}
/** migrations/0013_record_flags.sql: records flagged to staff as outliers at upload. */
export interface RecordFlagsTable {
  record_id: string;
  accuracy: number;
  seconds_per_question: number;
  usual_accuracy: number;
  history_answers: number;
  flagged_at: Timestamp;
}
export interface StudentTopicStatsTable {
  student_id: number;
  topic_id: number;
  school_id: number;
  chapter_id: number;
  subject_id: number;
  attempts: number;
  learning_efficiency: number;
  learning_currency: number;
  best_attempt: number;
  answered: number;
  correct: number;
  question_seconds: number;
  time_spent: number;
  first_completed_at: Timestamp;
  last_played_at: Timestamp;
  learning_currency_by_day: Json<Record<string, number>>;
}
export interface StudentChapterStatsTable {
  student_id: number;
  chapter_id: number;
  school_id: number;
  subject_id: number;
  topics_completed: number;
  island_count: number;
  learning_currency: number;
  treasure_attempts: number;
  knowledge_efficiency: number | null;
  knowledge_currency: number;
  is_completed: boolean;
  records: number;
  answered: number;
  correct: number;
  question_seconds: number;
  time_spent: number;
  last_played_at: Timestamp;
  last_topic_id: number | null;
  knowledge_currency_by_day: Json<Record<string, number>>;
  /** Finished revise sessions (0003_learner.sql; default 0). */
  revise_attempts: WithDefault<number>;
}
export interface StudentSubjectStatsTable {
  student_id: number;
  subject_id: number;
  school_id: number;
  board_id: number;
  grade: number;
  topics_completed: number;
  chapters_completed: number;
  chapters_attempted: number;
  learning_efficiency: number;
  knowledge_efficiency: number;
  total_score: number;
  learning_currency: number;
  knowledge_currency: number;
  records: number;
  answered: number;
  correct: number;
  question_seconds: number;
  time_spent: number;
  last_played_at: Timestamp;
  last_chapter_id: number | null;
  last_topic_id: number | null;
}
export interface StudentStatsTable {
  student_id: number;
  school_id: number;
  board_id: number;
  grade: number;
  topics_completed: number;
  chapters_completed: number;
  learning_efficiency: number;
  knowledge_efficiency: number;
  total_score: number;
  learning_currency: number;
  knowledge_currency: number;
  records: number;
  answered: number;
  correct: number;
  question_seconds: number;
  time_spent: number;
  last_activity_at: Timestamp;
  last_subject_id: number | null;
  last_chapter_id: number | null;
  last_topic_id: number | null;
}
/** migrations/0020_chapterless_records.sql: a student x subject's chapter-less records, summed. */
export interface StudentSubjectPracticeStatsTable {
  student_id: number;
  subject_id: number;
  school_id: number;
  records: number;
  answered: number;
  correct: number;
  question_seconds: number;
  time_spent: number;
  last_played_at: Timestamp;
}
export interface StudentDailyStatsTable {
  student_id: number;
  day: string;
  school_id: number;
  records: number;
  answered: number;
  correct: number;
  time_spent: number;
  learning_currency: number;
  knowledge_currency: number;
}

export interface OtpChallengesTable {
  id: string;
  mobile: string;
  user_id: number;
  code_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  consumed_at: Date | null;
  client_ip: string;
}
export interface RateLimitEventsTable {
  bucket: string;
  key: string;
  at: Timestamp;
}
/** migrations/0014_sign_in_backoff.sql: failed sign-ins counted for backoff (modules/auth/backoff.ts). */
export interface SignInBackoffsTable {
  kind: 'otp' | 'password';
  account: string;
  /** '*' when counted across every address (kind 'otp'). */
  client_ip: string;
  failures: ColumnType<number, number | undefined, number>;
  blocked_until: Date | null;
  last_failure_at: Timestamp;
}
export interface StudentErasuresTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  erased_by: number;
  erased_at: Timestamp;
  reason: string;
  records: number;
}

/** migrations/0008_school_grade_rollups.sql: kept by triggers, read by the dashboards' cards. */
export interface SchoolGradeEnrolmentsTable {
  school_id: number;
  /** 0 for students enrolled before their grade was known. */
  grade: number;
  students: number;
}
export interface SchoolGradeActivityDaysTable {
  school_id: number;
  grade: number;
  day: string;
  students: number;
  /** numeric, kept exact in SQL; both drivers return it as a number (db/database.ts), so sum it as ::text where exactness matters. */
  score_sum: number;
}

export interface DB {
  otp_challenges: OtpChallengesTable;
  rate_limit_events: RateLimitEventsTable;
  sign_in_backoffs: SignInBackoffsTable;
  schema_migrations: SchemaMigrationsTable;
  school_chains: SchoolChainsTable;
  boards: BoardsTable;
  grades: GradesTable;
  schools: SchoolsTable;
  school_boards: SchoolBoardsTable;
  subjects: SubjectsTable;
  chapters: ChaptersTable;
  topics: TopicsTable;
  concepts: ConceptsTable;
  questions: QuestionsTable;
  users: UsersTable;
  student_enrolments: StudentEnrolmentsTable;
  staff_schools: StaffSchoolsTable;
  teacher_assignments: TeacherAssignmentsTable;
  parent_links: ParentLinksTable;
  parent_link_requests: ParentLinkRequestsTable;
  parent_link_events: ParentLinkEventsTable;
  sessions: SessionsTable;
  learning_records: LearningRecordsTable;
  record_flags: RecordFlagsTable;
  student_topic_stats: StudentTopicStatsTable;
  student_chapter_stats: StudentChapterStatsTable;
  student_subject_stats: StudentSubjectStatsTable;
  student_subject_practice_stats: StudentSubjectPracticeStatsTable;
  student_stats: StudentStatsTable;
  student_daily_stats: StudentDailyStatsTable;
  school_grade_enrolments: SchoolGradeEnrolmentsTable;
  school_grade_activity_days: SchoolGradeActivityDaysTable;
  student_erasures: StudentErasuresTable;
  content_submissions: ContentSubmissionsTable;
  content_revisions: ContentRevisionsTable;
  concept_bookmarks: ConceptBookmarksTable;
  question_bookmarks: QuestionBookmarksTable;
  topic_ratings: TopicRatingsTable;
  global_average_refreshes: GlobalAverageRefreshesTable;
  global_subject_averages: GlobalSubjectAveragesTable;
  global_chapter_averages: GlobalChapterAveragesTable;
  grade_leaderboard_settings: GradeLeaderboardSettingsTable;
  uploaded_images: UploadedImagesTable;
  assessments: AssessmentsTable;
  assessment_questions: AssessmentQuestionsTable;
  assessment_assignments: AssessmentAssignmentsTable;
  assessment_attempts: AssessmentAttemptsTable;
  challenge_games: ChallengeGamesTable;
  chat_rooms: ChatRoomsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  chat_files: ChatFilesTable;
  chat_calls: ChatCallsTable;
  chat_meetings: ChatMeetingsTable;
  chat_meeting_people: ChatMeetingPeopleTable;
  calendar_events: CalendarEventsTable;
  calendar_feeds: CalendarFeedsTable;
  live_class_attendance: LiveClassAttendanceTable;
  drive_folders: DriveFoldersTable;
  drive_files: DriveFilesTable;
  drive_shares: DriveSharesTable;
  plans: PlansTable;
  payment_orders: PaymentOrdersTable;
  student_plans: StudentPlansTable;
  payment_events: PaymentEventsTable;
  erasure_requests: ErasureRequestsTable;
  family_sign_ups: FamilySignUpsTable;
  parental_consents: ParentalConsentsTable;
  broadcasts: BroadcastsTable;
  broadcast_reads: BroadcastReadsTable;
  doubts: DoubtsTable;
  doubt_answers: DoubtAnswersTable;
  attempt_answers: AttemptAnswersTable;
  assessment_assignment_stats: AssessmentAssignmentStatsTable;
}

// Assessment (migrations/0019_assessments.sql) ------------------------------------------------
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export interface UploadedImagesTable {
  id: string;
  school_id: number;
  uploaded_by: number | null;
  content_type: ImageContentType;
  byte_size: number;
  storage_key: string;
  created_at: Timestamp;
}
export interface AssessmentsTable {
  id: Generated<number>;
  school_id: number;
  created_by: number | null;
  kind: AssessmentKind;
  name: string;
  description: WithDefault<string>;
  image_id: Nullable<string>;
  board_id: number;
  grade: number;
  subject_id: number;
  duration_minutes: number;
  status: WithDefault<AssessmentStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
}
export interface AssessmentQuestionsTable {
  id: Generated<number>;
  assessment_id: number;
  position: number;
  type: QuestionType;
  text: string;
  options: string[];
  answer: WithDefault<number[]>;
  solution: WithDefault<string>;
  image_id: Nullable<string>;
}
/** An assignment's report sums over its finished attempts, kept by a trigger (migrations/0022). */
export interface AssessmentAssignmentStatsTable {
  assignment_id: number;
  participants: Generated<number>;
  answered: Generated<number>;
  correct: Generated<number>;
  marks_total: Generated<number>;
}
export interface AssessmentAssignmentsTable {
  id: Generated<number>;
  assessment_id: number;
  school_id: number;
  grade: number;
  section: Nullable<string>;
  opens_at: Timestamp;
  closes_at: Timestamp;
  assigned_by: number | null;
  created_at: Timestamp;
}
export interface AssessmentAttemptsTable {
  id: string;
  student_id: number;
  school_id: number;
  board_id: number;
  grade: number;
  subject_id: number;
  kind: AssessmentKind;
  assessment_id: Nullable<number>;
  assignment_id: Nullable<number>;
  question_count: number;
  started_at: Timestamp;
  deadline_at: Timestamp;
  timer_position: Nullable<number>;
  timer_used_at: NullableTimestamp;
  fifty_position: Nullable<number>;
  finished_at: NullableTimestamp;
  finish_reason: Nullable<FinishReason>;
  marks: Nullable<number>;
  max_marks: number;
  record_id: Nullable<string>;
  /** migrations/0021_assessment_attempt_counts.sql: auto-marked answers and right ones, written at finish. */
  answered_count: Nullable<number>;
  correct_count: Nullable<number>;
}
export interface AttemptAnswersTable {
  attempt_id: string;
  position: number;
  bank_question_id: Nullable<number>;
  assessment_question_id: Nullable<number>;
  type: QuestionType;
  text: string;
  options: string[];
  answer: number[];
  solution: WithDefault<string>;
  image_id: Nullable<string>;
  removed_options: WithDefault<number[]>;
  served_at: NullableTimestamp;
  answered_at: NullableTimestamp;
  chosen: Nullable<number[]>;
  text_answer: Nullable<string>;
  correct: Nullable<boolean>;
  marks: Nullable<number>;
  review: WithDefault<boolean>;
  bookmarked: WithDefault<boolean>;
  marked_by: Nullable<number>;
  marked_at: NullableTimestamp;
  comment: Nullable<string>;
}

// Student dashboard (migrations/0005_student_dashboard.sql) -------------------------------------
export interface GlobalAverageRefreshesTable {
  board_id: number;
  grade: number;
  refreshed_at: ColumnType<Date, Date | string, Date | string>;
}
export interface GlobalSubjectAveragesTable {
  board_id: number;
  grade: number;
  subject_id: number;
  students: number;
  accuracy: number | null;
  score_bands: number[];
}
export interface GlobalChapterAveragesTable {
  chapter_id: number;
  board_id: number;
  grade: number;
  accuracy: number | null;
  knowledge_efficiency: number | null;
  completed_students: number;
}
export interface GradeLeaderboardSettingsTable {
  school_id: number;
  grade: number;
  mode: LeaderboardMode;
}

// Authoring (migrations/0004_authoring.sql) ----------------------------------------------------
export type ContentEntityType = EntityType;
export type RevisionStatus = 'draft' | 'in_review' | 'returned' | 'approved';
export interface ContentSubmissionsTable {
  id: Generated<number>;
  root_type: ContentEntityType;
  root_id: number;
  subject_id: number;
  board_id: number | null;
  grade: number | null;
  status: WithDefault<SubmissionStatus>;
  submitted_by: number;
  submitted_at: Timestamp;
  reviewed_by: number | null;
  reviewed_at: NullableTimestamp;
  review_comment: string | null;
}
export interface ContentRevisionsTable {
  id: Generated<number>;
  entity_type: ContentEntityType;
  entity_id: number;
  subject_id: number;
  chapter_id: number | null;
  topic_id: number | null;
  action: 'create' | 'update';
  proposed: Json<Record<string, unknown>>;
  previous: Json<Record<string, unknown>> | null;
  status: ColumnType<RevisionStatus, RevisionStatus | undefined, RevisionStatus>;
  submission_id: number | null;
  created_by: number;
  created_at: Timestamp;
  edited_by: number;
  edited_at: Timestamp;
  submitted_by: number | null;
  submitted_at: NullableTimestamp;
  approved_by: number | null;
  approved_at: NullableTimestamp;
  returned_by: number | null;
  returned_at: NullableTimestamp;
  return_comment: string | null;
}

// 0003_learner.sql
export interface ConceptBookmarksTable {
  student_id: number;
  topic_id: number;
  school_id: number;
  created_at: DefaultTimestamp;
}
export interface QuestionBookmarksTable {
  student_id: number;
  question_id: number;
  school_id: number;
  created_at: DefaultTimestamp;
}
export interface TopicRatingsTable {
  student_id: number;
  topic_id: number;
  school_id: number;
  rating: number;
  rated_at: Timestamp;
}

/** migrations/0023_challenge_games.sql: the lasting trace of a live game (its state lives in memory or Redis). */
export interface ChallengeGamesTable {
  id: string;
  code: string;
  host_user_id: number;
  school_id: number;
  board_id: number;
  grade: number;
  subject_id: number;
  assessment_id: number | null;
  question_count: number;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  end_reason: 'finished' | 'host_ended' | 'host_away' | 'lobby_expired' | 'idle' | null;
}

// Staff chat (migrations/0025_chat.sql) --------------------------------------------------------

export interface ChatRoomsTable {
  id: Generated<number>;
  chain_id: number;
  kind: ChatRoomKind;
  name: string | null;
  direct_key: string | null;
  created_by: number | null;
  created_at: Timestamp;
  last_activity_at: Timestamp;
  last_message_id: number | null;
  /** migrations/0029_chat_group_pictures.sql */
  picture_file_id: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface ChatMembersTable {
  room_id: number;
  user_id: number;
  joined_at: Timestamp;
  left_at: NullableTimestamp;
  favorite: WithDefault<boolean>;
  unread: WithDefault<number>;
}
export interface ChatMessagesTable {
  id: Generated<number>;
  room_id: number;
  sender_id: number | null;
  body: string;
  client_id: string;
  created_at: Timestamp;
  file_id: ColumnType<string | null, string | null | undefined, string | null>;
}
/** migrations/0026_chat_files.sql: a file attached to a message; its bytes are in the file store. */
export interface ChatFilesTable {
  id: string;
  room_id: number;
  uploaded_by: number | null;
  name: string;
  content_type: ChatFileType;
  byte_size: number;
  storage_key: string;
  created_at: Timestamp;
}
/** migrations/0027_chat_calls.sql: a one-to-one call's trace (media flows between the browsers). */
export interface ChatCallsTable {
  id: string;
  room_id: number;
  caller_id: number | null;
  callee_id: number | null;
  kind: CallKind;
  started_at: Timestamp;
  answered_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  end_reason: CallEndReason | null;
}

/** migrations/0038_chat_meetings.sql: a staff meeting (media flows between the browsers). */
export interface ChatMeetingsTable {
  id: string;
  chain_id: number;
  title: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  organiser_id: number | null;
  created_at: Timestamp;
  cancelled_at: NullableTimestamp;
}

/** migrations/0038_chat_meetings.sql: who is invited to a meeting (its organiser too). */
export interface ChatMeetingPeopleTable {
  meeting_id: string;
  user_id: number;
}

/** migrations/0028_calendar.sql: an event on one school's calendar. */
export interface CalendarEventsTable {
  id: Generated<number>;
  school_id: number;
  board_id: number | null;
  grade: number | null;
  subject_id: number | null;
  name: string;
  description: WithDefault<string>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  default_duration_minutes: WithDefault<number>;
  type: CalendarEventType;
  join_url: string | null;
  service_name: CalendarProvider | null;
  /** migrations/0035_live_classes.sql: a live class held in the app (its room and provider). */
  live_room: ColumnType<string | null, string | null | undefined, string | null>;
  live_provider: ColumnType<CalendarProvider | null, CalendarProvider | null | undefined, CalendarProvider | null>;
  /** A programme's broadcaster or presenter. */
  host_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** migrations/0036_drive.sql: a teacher's folder. */
export interface DriveFoldersTable {
  id: Generated<number>;
  owner_id: number;
  parent_id: number | null;
  name: string;
  created_at: Timestamp;
}
/** migrations/0036_drive.sql: a teacher's file (bytes in the file store). */
export interface DriveFilesTable {
  id: string;
  owner_id: number;
  folder_id: number | null;
  name: string;
  content_type: ChatFileType;
  byte_size: number;
  storage_key: string;
  created_at: Timestamp;
}
/** migrations/0036_drive.sql: a file shared with a class ('' section: every section). */
export interface DriveSharesTable {
  id: Generated<number>;
  file_id: string;
  school_id: number;
  board_id: number;
  grade: number;
  section: WithDefault<string>;
  shared_by: number | null;
  shared_at: Timestamp;
}
/** migrations/0035_live_classes.sql: who joined a live class, from their first join. */
export interface LiveClassAttendanceTable {
  event_id: number;
  user_id: number;
  display_name: string;
  first_joined_at: Timestamp;
  last_joined_at: Timestamp;
  joins: WithDefault<number>;
}
/** migrations/0028_calendar.sql: a person's private calendar link, by the SHA-256 of its secret. */
export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
}

export type SchoolPaidBy = 'school' | 'family';
export type PaymentOrderStatus = 'created' | 'failed' | 'abandoned' | 'paid' | 'refunded';
export type PaymentMethodName = 'upi' | 'card' | 'wallet' | 'netbanking';

/** migrations/0030_plans.sql: a plan families buy, priced in paise. */
export interface PlansTable {
  id: Generated<number>;
  code: string;
  name: string;
  price_paise: number;
  duration_days: number;
  features: string[];
  active: WithDefault<boolean>;
  sort: WithDefault<number>;
}
/** migrations/0030_plans.sql: one "Proceed to pay", its provider's order and what became of it. */
export interface PaymentOrdersTable {
  id: string;
  student_id: number;
  school_id: number;
  plan_id: number;
  provider: 'razorpay' | 'local';
  provider_order_id: string;
  amount_paise: number;
  currency: WithDefault<string>;
  method: PaymentMethodName;
  status: PaymentOrderStatus;
  receipt_number: string;
  provider_payment_id: string | null;
  paid_method: PaymentMethodName | null;
  failure_reason: string | null;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
  refunded_at: NullableTimestamp;
  provider_refund_id: string | null;
}
/** migrations/0030_plans.sql: the time one paid order's plan runs for its student. */
export interface StudentPlansTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  plan_id: number;
  order_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
}
/** migrations/0030_plans.sql: a webhook event already handled. */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  event: string;
  order_id: string | null;
  received_at: Timestamp;
}

/** migrations/0031_erasure_requests.sql: a parent's request that the school erase their child's data. */
export interface ErasureRequestsTable {
  id: Generated<number>;
  student_id: number | null;
  school_id: number;
  requested_by: number | null;
  requested_at: Timestamp;
  reason: WithDefault<string>;
  status: 'pending' | 'declined' | 'erased';
  decided_by: number | null;
  decided_at: NullableTimestamp;
  note: WithDefault<string>;
}

/** migrations/0032_family_sign_up.sql: a family's sign-up waiting for the parent's code. */
export interface FamilySignUpsTable {
  id: string;
  school_id: number;
  parent_mobile: string;
  parent_first_name: string;
  child_first_name: string;
  child_last_name: WithDefault<string>;
  board_id: number;
  grade: number;
  language: Language;
  password_hash: string;
  text_version: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: WithDefault<number>;
  client_ip: string;
}

/** migrations/0032_family_sign_up.sql: a parent's consent for an account a family made. */
export interface ParentalConsentsTable {
  id: Generated<number>;
  student_id: number | null;
  parent_id: number | null;
  mobile: string;
  text_version: string;
  method: 'otp' | 'signed-in-parent';
  given_at: Timestamp;
  withdrawn_at: NullableTimestamp;
  withdrawn_by: number | null;
}

/** migrations/0033_broadcasts.sql: a school notice to chosen grades. */
export interface BroadcastsTable {
  id: Generated<number>;
  school_id: number;
  author_id: number | null;
  grades: number[];
  title: string;
  body: WithDefault<string>;
  link_url: string | null;
  created_at: Timestamp;
  /** migrations/0037_broadcast_pictures.sql: the notice's picture in the file store, and its type. */
  picture_key: ColumnType<string | null, string | null | undefined, string | null>;
  picture_type: ColumnType<
    BroadcastPictureType | null,
    BroadcastPictureType | null | undefined,
    BroadcastPictureType | null
  >;
}

/** migrations/0033_broadcasts.sql: who opened a notice. */
export interface BroadcastReadsTable {
  broadcast_id: number;
  user_id: number;
  read_at: Timestamp;
}

/** migrations/0034_doubts.sql: a student's doubt about a topic. */
export interface DoubtsTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  grade: number;
  section: WithDefault<string>;
  subject_id: number;
  chapter_id: number;
  topic_id: number;
  body: string;
  picture_key: string | null;
  picture_type: 'image/png' | 'image/jpeg' | 'image/webp' | null;
  status: WithDefault<'open' | 'answered'>;
  asked_at: Timestamp;
  answered_at: Timestamp | null;
  answer_seen: WithDefault<boolean>;
}

/** migrations/0034_doubts.sql: a teacher's (or principal's) answer to a doubt. */
export interface DoubtAnswersTable {
  id: Generated<number>;
  doubt_id: number;
  author_id: number | null;
  body: string;
  created_at: Timestamp;
}

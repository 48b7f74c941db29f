-- Sign-in backoff (security issue #21). One row per counted thing: wrong one-time codes per mobile
-- number across every code and address (kind 'otp', client_ip '*'), or wrong passwords per account
-- and client address (kind 'password'). Rules: modules/auth/backoff.ts.
create table sign_in_backoffs (
  kind text not null check (kind in ('otp', 'password')),
  -- 'mobile:+91…' or 'code:<14 digits>': erasure finds a student's rows by these.
  account text not null,
  client_ip text not null,
  failures integer not null default 0,
  -- Tries before this time are refused without being checked.
  blocked_until timestamptz,
  last_failure_at timestamptz not null,
  primary key (kind, account, client_ip)
);
create index sign_in_backoffs_account_idx on sign_in_backoffs (account);

-- Sign-in: one-time codes and rate limiting.

-- One row per OTP sent. The code itself is never stored: only an HMAC bound to this challenge id.
create table otp_challenges (
  id uuid primary key,
  mobile text not null,
  user_id bigint not null references users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  consumed_at timestamptz,
  client_ip text not null
);
create index otp_challenges_mobile_idx on otp_challenges (mobile, created_at);
create index otp_challenges_ip_idx on otp_challenges (client_ip, created_at);

-- Events counted by rate limits that must hold across server processes (failed sign-ins and the like).
create table rate_limit_events (
  bucket text not null,
  key text not null,
  at timestamptz not null
);
create index rate_limit_events_idx on rate_limit_events (bucket, key, at);

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeResponse } from '@ki/contracts';
import { reconcileLanguage } from '../lib/language';
import { useMe } from '../lib/session';

/**
 * Keeps the device and the server on the user's one language (lib/language.ts): when the signed-in
 * user or their saved language changes, and when the network returns (a choice made offline is
 * saved then).
 */
export function LanguageAgent() {
  const { data: me } = useMe();
  const client = useQueryClient();

  // The query keeps the same object while /me answers the same (structural sharing).
  useEffect(() => {
    if (me) void reconcileLanguage(client, me).catch(() => undefined);
  }, [client, me]);

  useEffect(() => {
    const online = () => {
      const current = client.getQueryData<MeResponse | null>(['me']);
      if (current) void reconcileLanguage(client, current).catch(() => undefined);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [client]);
  return null;
}

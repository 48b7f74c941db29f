import { useEffect, useState } from 'react';
import { loadPhoneLibrary, type PhoneLibrary } from './phone';

/**
 * The phone metadata for a sign-in form: fetched as soon as the form mounts (`library` is null until
 * then). `load` awaits it before a number is checked, with `checking` true meanwhile, and gives null
 * when it cannot be fetched (offline before it was cached); a later `load` tries again.
 */
export function usePhoneLibrary() {
  const [library, setLibrary] = useState<PhoneLibrary | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    loadPhoneLibrary().then(setLibrary, () => undefined);
  }, []);
  async function load(): Promise<PhoneLibrary | null> {
    setChecking(true);
    try {
      return await loadPhoneLibrary();
    } catch {
      return null;
    } finally {
      setChecking(false);
    }
  }
  return { library, checking, load };
}

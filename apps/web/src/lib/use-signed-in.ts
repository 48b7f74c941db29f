import { useNavigate } from 'react-router';
import type { MeResponse } from '@ki/contracts';
import { broadcastAuth } from './auth-channel';
import { i18next, isLanguage } from './i18n';
import { landingPath, useSetMe } from './session';

/** After any sign-in: keep the user, follow their language, tell other tabs, go where they belong. */
export function useSignedIn() {
  const setMe = useSetMe();
  const navigate = useNavigate();
  return (me: MeResponse) => {
    setMe(me);
    if (isLanguage(me.user.language) && me.user.language !== i18next.resolvedLanguage)
      void i18next.changeLanguage(me.user.language);
    broadcastAuth({ type: 'login' });
    void navigate(landingPath(me), { replace: true });
  };
}

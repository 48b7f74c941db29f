import { formatOneOfEach } from './intl-warm-up';

// One message, {locale, timeZone}: format one of each kind (loading ICU's data for the whole
// renderer process), then end the worker.
self.onmessage = (event: MessageEvent<{ locale: string; timeZone: string }>) => {
  try {
    formatOneOfEach(event.data.locale, event.data.timeZone);
  } finally {
    self.close();
  }
};

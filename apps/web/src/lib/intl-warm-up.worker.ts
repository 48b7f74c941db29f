import { formatOneOfEach } from './intl-warm-up';

// One message, {locale, timeZone}: format one of each kind (loading ICU's data for the whole
// renderer process), then end the worker.
self.onmessage = (event: MessageEvent<{ locale: string; timeZone: string }>) => {
  try {
    formatOneOfEach(event.data.locale, event.data.timeZone);
  } catch {
    // A locale this browser cannot format: the page pays the load itself, as without the worker.
  } finally {
    self.close();
  }
};

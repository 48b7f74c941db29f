import { useSyncExternalStore } from 'react';

/** The browser's deferred install prompt (Chromium's beforeinstallprompt), if one is on offer. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

/** True when the app runs as an installed app rather than in a browser tab. */
export const isStandalone = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches;

export function useInstallPrompt() {
  const available = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => deferred !== null,
    () => false,
  );
  return {
    available: available && !isStandalone(),
    /** Shows the browser's dialog; accepted or dismissed, the prompt is used up. */
    async install() {
      const event = deferred;
      if (!event) return;
      deferred = null;
      emit();
      await event.prompt();
      await event.userChoice;
    },
  };
}

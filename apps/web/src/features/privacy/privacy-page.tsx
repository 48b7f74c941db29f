import { useTranslation } from 'react-i18next';
import { ownStrings } from '../../lib/i18n';

// The policy in each language comes with this page's code: the first load's table of string files
// does not list it (lib/i18n.ts).
ownStrings('privacy', import.meta.glob('../../locales/*/privacy.json', { import: 'default' }));

/**
 * The sections of the policy in reading order, each with its paragraphs (keys of the `privacy`
 * namespace). The facts behind them are docs/SECURITY.md "Children's data": what is kept, who sees
 * it (the policy and parent links), erasure (server/modules/privacy), no retention period; payments
 * (server/modules/plans), parents' erasure requests, and families' sign-up with a parent's consent
 * (issue #27).
 */
const SECTIONS: readonly (readonly [string, readonly string[]])[] = [
  ['data', ['student', 'records', 'parent', 'staff', 'payments', 'never']],
  ['why', ['body']],
  ['who', ['student', 'school', 'parents', 'classmates', 'sms', 'payments']],
  ['device', ['body']],
  ['erasure', ['body']],
  ['rights', ['body', 'app']],
  ['children', ['body']],
  ['families', ['body']],
  ['security', ['body']],
  ['contact', ['body']],
];

/** /privacy: the privacy policy (access-and-app-shell.md 1, 2.8), readable signed in or out. */
export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  return (
    <article
      className="ki-stack"
      style={{ maxWidth: 720, margin: '0 auto', lineHeight: 1.6 }}
      data-testid="privacy-policy"
    >
      <div>
        <h2 className="ki-title" data-size="h2">
          {t('title')}
        </h2>
        <p className="ki-text-sm ki-dimmed ki-m0">{t('updated')}</p>
      </div>
      <p className="ki-m0">{t('intro')}</p>
      {SECTIONS.map(([section, paragraphs]) => (
        <section key={section} className="ki-stack" data-gap="xs">
          <h3 className="ki-title" data-size="h4">
            {t(`${section}.title`)}
          </h3>
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className="ki-m0">
              {t(`${section}.${paragraph}`)}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

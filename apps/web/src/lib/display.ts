import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { displayPercent, displayRank, displayScore, NOT_AVAILABLE, roundHalfUp } from '@ki/domain';

/**
 * The domain's display rules (scoring-and-metrics.md L58-L61) in the reader's language. The domain
 * keeps 'NA' and plain numbers, which CSV exports and tests rely on; only what a screen shows is
 * translated here: 'NA' becomes common:na, and a number of seconds gets common:secondsShort.
 */
export interface Display {
  /** What a missing score, rank or value shows. */
  na: string;
  /** `text` itself, or `na` when the domain rendered it as NA. */
  orNa: (text: string) => string;
  score: (score: number | null | undefined) => string;
  percent: (percent: number | null | undefined) => string;
  /** A percent with its sign ('79.27%', or '79.27 %' with sign ' %'), or `na` alone. */
  percentWith: (percent: number | null | undefined, sign?: string) => string;
  rank: (rank: number | null | undefined, score: number | null | undefined) => string;
  /** Seconds with the language's short unit, two decimals at most ('12.5 s', '12.5 से.'). */
  seconds: (seconds: number) => string;
}

export function localDisplay(t: TFunction): Display {
  const na = t('common:na');
  const orNa = (text: string) => (text === NOT_AVAILABLE ? na : text);
  return {
    na,
    orNa,
    score: (score) => orNa(displayScore(score)),
    percent: (percent) => orNa(displayPercent(percent)),
    percentWith: (percent, sign = '%') => {
      const text = displayPercent(percent);
      return text === NOT_AVAILABLE ? na : `${text}${sign}`;
    },
    rank: (rank, score) => orNa(displayRank(rank, score)),
    seconds: (seconds) => t('common:secondsShort', { value: roundHalfUp(seconds, 2) }),
  };
}

/** localDisplay for a component, in the language the UI shows. */
export function useDisplay(): Display {
  const { t } = useTranslation('common');
  return localDisplay(t);
}

import { DEV_EXAM_SITE_SECRET } from '../../config';
import { examTokenKey, type ExamSite, type ExamSiteConfig } from './exam-site';
import { ExternalExamSite } from './external-exam-site';
import { LocalExamSite } from './local-exam-site';

/** The exam site the configuration names, or null when the launcher is off. */
export function createExamSite(config: ExamSiteConfig): ExamSite | null {
  switch (config.EXAM_SITE_PROVIDER) {
    case 'external':
      return new ExternalExamSite(config.EXAM_SITE_URL!, examTokenKey(config));
    case 'local':
      return new LocalExamSite(examTokenKey(config, DEV_EXAM_SITE_SECRET));
    case 'off':
      return null;
  }
}

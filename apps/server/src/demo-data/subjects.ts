import type { LanguageMap } from '../db/schema';
import type { SubjectSlug } from './curriculum/curriculum-file.schema';

/** Subject names in the six languages of the app. */
export const SUBJECT_NAMES: Record<SubjectSlug, LanguageMap> = {
  maths: { en: 'Mathematics', hi: 'गणित', mr: 'गणित', gu: 'ગણિત', ta: 'கணிதம்', te: 'గణితం' },
  science: { en: 'Science', hi: 'विज्ञान', mr: 'विज्ञान', gu: 'વિજ્ઞાન', ta: 'அறிவியல்', te: 'విజ్ఞాన శాస్త్రం' },
  english: { en: 'English', hi: 'अंग्रेज़ी', mr: 'इंग्रजी', gu: 'અંગ્રેજી', ta: 'ஆங்கிலம்', te: 'ఆంగ్లం' },
  evs: {
    en: 'Environmental Studies',
    hi: 'पर्यावरण अध्ययन',
    mr: 'परिसर अभ्यास',
    gu: 'પર્યાવરણ',
    ta: 'சுற்றுச்சூழல் அறிவியல்',
    te: 'పరిసరాల విజ్ఞానం',
  },
  history: { en: 'History', hi: 'इतिहास', mr: 'इतिहास', gu: 'ઇતિહાસ', ta: 'வரலாறு', te: 'చరిత్ర' },
  geography: { en: 'Geography', hi: 'भूगोल', mr: 'भूगोल', gu: 'ભૂગોળ', ta: 'புவியியல்', te: 'భూగోళశాస్త్రం' },
  physics: { en: 'Physics', hi: 'भौतिकी', mr: 'भौतिकशास्त्र', gu: 'ભૌતિકશાસ્ત્ર', ta: 'இயற்பியல்', te: 'భౌతిక శాస్త్రం' },
  chemistry: {
    en: 'Chemistry',
    hi: 'रसायन विज्ञान',
    mr: 'रसायनशास्त्र',
    gu: 'રસાયણશાસ્ત્ર',
    ta: 'வேதியியல்',
    te: 'రసాయన శాస్త్రం',
  },
  biology: { en: 'Biology', hi: 'जीव विज्ञान', mr: 'जीवशास्त्र', gu: 'જીવવિજ્ઞાન', ta: 'உயிரியல்', te: 'జీవశాస్త్రం' },
};

/** Display order of subjects within a grade. */
export const SUBJECT_ORDER: readonly SubjectSlug[] = [
  'maths',
  'science',
  'physics',
  'chemistry',
  'biology',
  'english',
  'evs',
  'history',
  'geography',
];

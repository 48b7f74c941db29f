/** Every route path of the web app, in one place. */
export const paths = {
  home: '/',
  concepts: '/concepts',
  login: '/login',
  studentLogin: '/student/login',
  teacherLogin: '/teacher/login',
  dashboard: '/dashboard',
} as const;

export const PRODUCT_NAME = 'Knowledge Islands';
export const APP_VERSION = '0.1.0';

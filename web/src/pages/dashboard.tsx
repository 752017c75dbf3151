// /dashboard: the overview (the dashboard app picks the section from the URL).
export { default } from '../dashboard/dashboard-app';

// /dashboard/:section: a section's list.
export { default } from '../dashboard/dashboard-app';

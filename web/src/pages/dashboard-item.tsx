// /dashboard/:section/:id: one item of a section.
export { default } from '../dashboard/dashboard-app';

export * from './staff-documentation';
export * from './ticket-procedure';

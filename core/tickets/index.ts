// The tickets domain (decision 046): the intake schema the Discord modal and the site's form
// share, statuses, names, and the rules every caller asks through db/repositories/tickets.ts.

export * from './close-requests';
export * from './custom-ids';
export * from './intake';
export * from './intake-message';
export * from './intent';
export * from './join-refusals';
export * from './messages';
export * from './notes';
export * from './panel-messages';
export * from './refusals';
export * from './replies';
export * from './rules';
export * from './services';
export * from './ticket';
export * from './ticket-status';
export * from './transcript-html';

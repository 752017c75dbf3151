export * from './legal-privacy';
export * from './legal-terms';

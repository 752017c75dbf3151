// The public face of the application domain: schema, steps and images in one import.
export * from './application-schema';
export * from './application-steps';
export * from './image-type';

// The public face of the application domain: schema, steps and images in one import.

export * from './image-type';
export * from './schema';
export * from './steps';

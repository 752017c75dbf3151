// The public face of the application domain: schema, steps, images and the stored record.

export * from './image-type';
export * from './record';
export * from './reference';
export * from './schema';
export * from './steps';

export * from './common';
export * from './service';
export * from './banner';
export * from './contact';
export * from './auth';
export * from './api';
export * from './publish';
export * from './upload';

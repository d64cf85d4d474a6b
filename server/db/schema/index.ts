export * from './auth.ts';
export * from './catalog.ts';
export * from './geo.ts';
export * from './roles.ts';
export * from './users.ts';
export * from './products.ts';
export * from './chat.ts';
export * from './reports.ts';

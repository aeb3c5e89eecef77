import 'reflect-metadata';

// Tests never read a developer's .env; each builds its own config.
process.env.NODE_ENV = 'test';

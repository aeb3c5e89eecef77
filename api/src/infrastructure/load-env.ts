// Imported by main.ts first: the variables of a .env file in the working directory, read once for
// every start-up step (a variable already in the environment wins). No .env file: the environment
// alone configures the app.
try {
  process.loadEnvFile?.('.env');
} catch {
  // no .env file
}

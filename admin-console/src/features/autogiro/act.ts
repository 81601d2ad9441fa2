/** Runs one of the Autogiro page's actions and says what it did (see AutogiroPage). */
export type Act = (name: string, action: () => Promise<string>) => Promise<void>;

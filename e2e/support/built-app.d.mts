export interface BuiltApp {
  baseURL: string
  dataDir: string
  stop(): Promise<void>
}

export function startBuiltApp(options: {
  logFile: string
  env?: Record<string, string>
}): Promise<BuiltApp>

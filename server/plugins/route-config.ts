// Route-level options read by later plugins. `public: true` marks a route that answers without a
// session (the session plugin reads it); routes are never classified by testing request.url.
declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean
  }
}

export {}

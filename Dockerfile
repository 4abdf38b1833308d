# Builds the whole system into one image; ROLE=api|worker|all picks what a container runs.
# Stage 1 builds everything with the dev dependencies; stage 2 keeps only the built files and the
# production dependencies, and runs as an unprivileged user. Secrets come from the environment
# at run time: no .env is copied (see .dockerignore).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && npx nx run-many -t build --parallel=2 \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 UPLOAD_DIR=/data/uploads
# ffmpeg checks uploaded stems (levels, silence, clipping) in the probe worker.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/libs/shared/package.json ./libs/shared/package.json
COPY --from=build --chown=node:node /app/libs/shared/dist ./libs/shared/dist
COPY --from=build --chown=node:node /app/backend/package.json ./backend/package.json
# What npm nests under the backend because the root holds another version (fastify 5, the
# OpenTelemetry instrumentations): without it those resolve to the wrong copy, or to none.
COPY --from=build --chown=node:node /app/backend/node_modules ./backend/node_modules
COPY --from=build --chown=node:node /app/backend/dist ./backend/dist
COPY --from=build --chown=node:node /app/shell/dist ./shell/dist
COPY --from=build --chown=node:node /app/site-app/dist ./site-app/dist
COPY --from=build --chown=node:node /app/admin-app/dist ./admin-app/dist
RUN mkdir -p /data/uploads /data/project-files /app/.data && chown -R node:node /data /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "backend/dist/main.js"]

# Builds the whole system into one image; ROLE=api|worker|all picks what a container runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npx nx run-many -t build --parallel=2 && npm prune --omit=dev

FROM node:20-bookworm-slim
# ffmpeg checks uploaded stems (levels, silence, clipping) in the probe worker.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]

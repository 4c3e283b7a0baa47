# Production image: builds server and client, serves both on port 4000.
# Node 22 LTS (20 is past its end of life); the code also runs on Node 20 (engines >=20.19), where development happens.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
# DATA_DIR holds listing pictures, private files and the mail outbox. The app runs as `node`, which cannot write
# under the root-owned /app, so the data lives in its own volume owned by `node` (created and chowned before
# VOLUME, so a fresh named volume starts with that owner).
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
VOLUME /data
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/client/dist ./client/dist
COPY --from=build /app/client/dist-ssr ./client/dist-ssr
EXPOSE 4000
USER node
# Liveness (the process answers), not readiness: a database or Redis outage should take instances out of a load
# balancer's rotation (/api/health/ready), not get them restarted. The image has no curl; Node's fetch does it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "server/dist/main.js"]

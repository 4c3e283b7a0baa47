# Production image: builds server and client, serves both on port 4000.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
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
CMD ["node", "--enable-source-maps", "server/dist/main.js"]

# taint-extender: kube-scheduler extender for taints and tolerations.
#
#   docker build -t taint-extender:0.1.0 .
#
# Three stages: production dependencies, TypeScript build, distroless runtime. Only dist/, the
# production node_modules and package.json reach the final image.

# Production dependencies only (express, @kubernetes/client-node, lru-cache, prom-client).
# --ignore-scripts: none of them needs an install script, and none may run one.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# Compile src/ to dist/ with the full dependency set (TypeScript and type packages).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# Runtime: Node.js 24 and nothing else (no shell, no package manager), user 65532.
FROM gcr.io/distroless/nodejs24-debian12:nonroot
LABEL org.opencontainers.image.title="taint-extender" \
      org.opencontainers.image.description="kube-scheduler extender that filters, scores and vets preemption by taints and tolerations" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.licenses="Apache-2.0"
ENV NODE_ENV=production
WORKDIR /app
# Files stay owned by root and read-only to the process.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER 65532:65532
EXPOSE 8888
# Node runs as PID 1; dist/main.js handles SIGTERM and SIGINT itself (drains, then exits).
# --initial-old-space-size keeps V8 from a mark-compact every few hundred milliseconds after the
# heap shrinks (see src/config/node-flags.ts); 128 MiB leaves room under the 512 MiB memory limit.
# --expose-gc lets the node cache collect a full node list's garbage once, right after the list;
# --v8-pool-size=1 keeps V8's background threads from taking the caller's CPU in bursts.
ENTRYPOINT ["/nodejs/bin/node", "--initial-old-space-size=128", "--expose-gc", "--v8-pool-size=1", "dist/main.js"]

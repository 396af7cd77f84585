# taint-extender: kube-scheduler extender for taints and tolerations.
#
#   docker build --build-arg COMMIT=$(git rev-parse HEAD) -t taint-extender:0.1.0 .
#
#   docker run IMAGE                       serves (the default command is serve)
#   docker run IMAGE serve --port 9000     serves with flags
#   docker run IMAGE explain --pod - < pod.yaml    runs a tool (see docs/cli.md)
#
# Three stages: production dependencies, TypeScript build, distroless runtime. Only dist/, the
# production node_modules and package.json reach the final image.

# Base images are pinned by digest (the tag beside it says which release it was): a tag moves,
# a digest never does, so a rebuild uses the very images that were reviewed. To move to a newer
# one, `docker buildx imagetools inspect IMAGE:TAG` prints the digest to put here, for the three
# FROM lines (test/release/supply-chain.test.ts holds every base pinned).

# Production dependencies only (express, @kubernetes/client-node, lru-cache, prom-client).
# --ignore-scripts: none of them needs an install script, and none may run one.
FROM node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# Type-check src/ and bundle it into dist/ with the full dependency set (TypeScript, rolldown). The build
# context has no .git: the commit comes in as COMMIT and lands in dist/build-info.json, which
# `version`, GET /version and taint_extender_build_info report ("unknown" when not given).
FROM node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d AS build
ARG COMMIT=unknown
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json rolldown.config.mjs ./
COPY scripts/write-build-info.mjs ./scripts/
COPY src ./src
RUN BUILD_COMMIT="$COMMIT" npm run build

# Runtime: Node.js 24 and nothing else (no shell, no package manager), user 65532.
FROM gcr.io/distroless/nodejs24-debian12:nonroot@sha256:14d42e2511532589a7c7e01a753667a74fcc96266e137e8125006b87b0c32d0a
ARG COMMIT=unknown
# Where the source is published (.ci/release passes it; empty when the build does not know).
ARG SOURCE=
LABEL org.opencontainers.image.title="taint-extender" \
      org.opencontainers.image.revision="$COMMIT" \
      org.opencontainers.image.source="$SOURCE" \
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
# Node runs as PID 1; the server handles SIGTERM and SIGINT itself (drains, then exits).
# The entrypoint is the taint-extender command (package.json's bin), so the image runs every
# command: CMD is `serve`, and arguments replace it (`docker run IMAGE explain ...`). Flags with
# no command before them are serve's, so a Deployment whose args: are flags alone still serves.
# --initial-old-space-size keeps V8 from a mark-compact every few hundred milliseconds after the
# heap shrinks (see src/config/node-flags.ts); 128 MiB leaves room under the 512 MiB memory limit.
# --expose-gc lets the node cache collect a full node list's garbage once, right after the list;
# --v8-pool-size=1 keeps V8's background threads from taking the caller's CPU in bursts.
ENTRYPOINT ["/nodejs/bin/node", "--initial-old-space-size=128", "--expose-gc", "--v8-pool-size=1", "dist/cli.js"]
CMD ["serve"]

# Boardhall: one image, started by the same entrypoint as `make run` (migrate, then serve).
# Three stages: the builder is the full python image (gcc, headers: any dependency without a wheel for this Python
# is compiled there) and installs the dependencies into a virtualenv; `accel` compiles the optional accelerator
# there; the final slim image gets that virtualenv, the compiled modules and the code, no compiler.
# Any Python from 3.11 to 3.13: docker build --build-arg PYTHON_VERSION=3.13 .
ARG PYTHON_VERSION=3.11

FROM python:${PYTHON_VERSION} AS builder
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /build
# Only the dependencies listed in pyproject.toml go into the virtualenv, so this layer is rebuilt when they change
# and never for a code change. The code itself is copied once, into the final stage, and runs from its WORKDIR.
COPY pyproject.toml ./
RUN python -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies'], sep='\n')" \
      > requirements.txt \
 && pip install --no-cache-dir -r requirements.txt
# Cython for the optional accelerator (docs/accel.md), in a virtualenv of its own that the final image never gets.
RUN python -m venv /opt/accel \
 && python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb')); \
print(*p['project']['optional-dependencies']['accel'], sep='\n')" > accel.txt \
 && /opt/accel/bin/pip install --no-cache-dir -r accel.txt

# The hot modules compiled out of the source tree (docs/accel.md), in a stage of their own after the dependencies.
# The builder has the compiler; the slim image gets only build/accel. ACCEL=0 builds an image without them.
FROM builder AS accel
ARG ACCEL=1
COPY scripts ./scripts
COPY app ./app
RUN mkdir -p build/accel \
 && if [ "$ACCEL" = 1 ]; then /opt/accel/bin/python scripts/build_accel.py --out build/accel && rm -rf build/accel/c; fi

FROM python:${PYTHON_VERSION}-slim
ARG ACCEL=1
ENV BOARDHALL_ACCEL=${ACCEL} \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    PYTHON=python \
    HOST=0.0.0.0 \
    PORT=8000 \
    FORWARDED_ALLOW_IPS=*

WORKDIR /srv/boardhall
RUN useradd --create-home --uid 10001 boardhall
COPY --from=builder /opt/venv /opt/venv

COPY alembic.ini ./
COPY migrations ./migrations
COPY app ./app
COPY templates ./templates
COPY static ./static
COPY scripts ./scripts
COPY --from=accel /build/build/accel ./build/accel
RUN mkdir -p data && chown boardhall:boardhall data

USER 10001
EXPOSE 8000
# SIGTERM (docker stop, a scale-down) is a graceful shutdown: sockets are told to reconnect (1012), queued moves
# are committed, and the process exits within 10 s.
STOPSIGNAL SIGTERM
# A generous start period: on a loaded machine migrating and starting took over 40 s, and an instance that is
# "unhealthy" before it ever answered makes `docker compose up --scale` give up on the whole stack.
HEALTHCHECK --interval=10s --timeout=5s --start-period=90s --retries=3 \
  CMD ["python", "-c", "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status == 200 else 1)"]
ENTRYPOINT ["./scripts/entrypoint.sh"]

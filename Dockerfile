# Belle's image: the `belle` command as entry point, run as an unprivileged user.
#   docker build -t belle .
#   docker run -p 8000:8000 -v belle-data:/srv/belle belle       # one process, SQLite
# Several workers on PostgreSQL + Redis: compose.yaml (docs/deploy.md, section 3).
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY belle ./belle
RUN python -m venv /opt/belle \
 && /opt/belle/bin/pip install --no-cache-dir --upgrade pip \
 && /opt/belle/bin/pip install --no-cache-dir '.[postgres,redis]'

FROM python:3.11-slim
COPY --from=build /opt/belle /opt/belle
RUN useradd --system --uid 10001 --create-home --home-dir /srv/belle belle
USER belle
WORKDIR /srv/belle
ENV PATH=/opt/belle/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
    CMD ["python", "-c", "import urllib.request as u; u.urlopen('http://127.0.0.1:8000/api/health', timeout=2)"]
ENTRYPOINT ["belle"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]

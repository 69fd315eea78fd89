"""Alembic environment: always handed a live connection by `tictac.store.migrate`."""

from alembic import context

from tictac.store.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through tictac.store.migrate.upgrade")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()

"""signing_keys: the keys that sign session cookies, shared by every instance (app/accounts/keys.py)

Revision ID: 0010
Revises: 0007 (the head: 0007 was chained after 0009)
Create Date: 2026-12-03 14:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The first key is written by the first instance that starts (so a `make run` key kept in data/secret_key by
    # earlier versions is taken over and nobody is signed out).
    op.create_table(
        "signing_keys",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("secret", sa.String(length=128), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_signing_keys"),
    )


def downgrade() -> None:
    op.drop_table("signing_keys")

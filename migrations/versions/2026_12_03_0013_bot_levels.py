"""bot levels: how strongly the bot in a seat plays (easy, medium, hard; app/engine/search.py LEVELS)

Revision ID: 0013
Revises: 0010 (the integrator re-chains it after 0011 and 0012)
Create Date: 2026-12-03 16:50:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Null for seats without a bot, and for bots seated before levels existed: they play as before (easy).
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bot_level", sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_level")

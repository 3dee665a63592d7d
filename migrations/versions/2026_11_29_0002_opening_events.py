"""games.opening_events: the events of the deal, shown first in the log

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 23:50:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch_op:
        batch_op.add_column(sa.Column("opening_events", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch_op:
        batch_op.drop_column("opening_events")

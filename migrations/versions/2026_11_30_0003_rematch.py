"""tables.rematch_id: the table the host opened for a rematch

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 00:25:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch_op:
        batch_op.add_column(sa.Column("rematch_id", sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch_op:
        batch_op.drop_column("rematch_id")

"""leases: jobs exactly one instance does at a time (a table's next bot move, the tournament ticker)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 16:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("owner", sa.String(length=32), nullable=False),
        sa.Column("until_ms", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_leases"),
    )


def downgrade() -> None:
    op.drop_table("leases")

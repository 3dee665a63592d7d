"""clocks: pace per table, clock and deadline per game, presence and absence per seat

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 12:50:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch_op:
        batch_op.add_column(sa.Column("pace", sa.JSON(), nullable=True))
    with op.batch_alter_table("seats") as batch_op:
        batch_op.add_column(sa.Column("seen_ms", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("away_user_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("resigned", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column("votes", sa.JSON(), nullable=True))
        batch_op.create_foreign_key("fk_seats_away_user_id_users", "users", ["away_user_id"], ["id"])
    op.create_table(
        "clocks",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("started_ms", sa.BigInteger(), nullable=False),
        sa.Column("left_ms", sa.JSON(), nullable=False),
        sa.Column("waiting", sa.JSON(), nullable=False),
        sa.Column("strikes", sa.JSON(), nullable=False),
        sa.Column("deadline_ms", sa.BigInteger(), nullable=True),
        sa.Column("lease_owner", sa.String(length=32), nullable=True),
        sa.Column("lease_until_ms", sa.BigInteger(), nullable=True),
        sa.Column("claims", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["games.table_id"], name="fk_clocks_table_id_games",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", name="pk_clocks"),
    )
    op.create_index("ix_clocks_deadline_ms", "clocks", ["deadline_ms"])


def downgrade() -> None:
    op.drop_index("ix_clocks_deadline_ms", table_name="clocks")
    op.drop_table("clocks")
    with op.batch_alter_table("seats") as batch_op:
        batch_op.drop_constraint("fk_seats_away_user_id_users", type_="foreignkey")
        batch_op.drop_column("votes")
        batch_op.drop_column("resigned")
        batch_op.drop_column("away_user_id")
        batch_op.drop_column("seen_ms")
    with op.batch_alter_table("tables") as batch_op:
        batch_op.drop_column("pace")

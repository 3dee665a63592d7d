"""friendships, table_invites, presence: friends, a friend's invitation to a table, who is online (app/friends)

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03 17:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friendships",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("asker_id", sa.Integer(), nullable=False),
        sa.Column("asked_id", sa.Integer(), nullable=False),
        sa.Column("accepted", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["asker_id"], ["users.id"], name="fk_friendships_asker_id_users", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["asked_id"], ["users.id"], name="fk_friendships_asked_id_users", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_friendships"),
        sa.UniqueConstraint("asker_id", "asked_id", name="uq_friendships_asker_id"),
    )
    op.create_index("ix_friendships_asker_id", "friendships", ["asker_id"])
    op.create_index("ix_friendships_asked_id", "friendships", ["asked_id"])
    op.create_table(
        "table_invites",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("to_user_id", sa.Integer(), nullable=False),
        sa.Column("from_user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_table_invites_table_id_tables",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["to_user_id"], ["users.id"], name="fk_table_invites_to_user_id_users",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["from_user_id"], ["users.id"], name="fk_table_invites_from_user_id_users",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "to_user_id", name="pk_table_invites"),
    )
    op.create_index("ix_table_invites_to_user_id", "table_invites", ["to_user_id"])
    op.create_table(
        "presence",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("seen_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_presence_user_id_users", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", name="pk_presence"),
    )


def downgrade() -> None:
    op.drop_table("presence")
    op.drop_index("ix_table_invites_to_user_id", table_name="table_invites")
    op.drop_table("table_invites")
    op.drop_index("ix_friendships_asked_id", table_name="friendships")
    op.drop_index("ix_friendships_asker_id", table_name="friendships")
    op.drop_table("friendships")

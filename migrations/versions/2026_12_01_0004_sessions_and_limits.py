"""sessions (revocable sign-ins), tables.seen_at (abandoned tables), indexes for the per-user limits

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 12:50:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_sessions_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
    )
    op.create_index(op.f("ix_sessions_user_id"), "sessions", ["user_id"], unique=False)
    with op.batch_alter_table("tables") as batch_op:
        batch_op.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index("ix_tables_host_recent", ["host_id", "created_at"], unique=False)
    op.execute("UPDATE tables SET seen_at = updated_at")
    op.create_index("ix_messages_user_recent", "messages", ["user_id", "created_at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_messages_user_recent", table_name="messages")
    with op.batch_alter_table("tables") as batch_op:
        batch_op.drop_index("ix_tables_host_recent")
        batch_op.drop_column("seen_at")
    op.drop_index(op.f("ix_sessions_user_id"), table_name="sessions")
    op.drop_table("sessions")

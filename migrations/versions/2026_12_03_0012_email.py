"""email: players' addresses, their preferences, and the queue the mail worker sends from (app/mail)

Revision ID: 0012
Revises: 0010 (to be chained after 0011 when merged)
Create Date: 2026-12-03 17:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "email_addresses",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("verified_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_sent_ms", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_email_addresses_user_id_users",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", name="pk_email_addresses"),
    )
    op.create_table(
        "email_preferences",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("turn", sa.Boolean(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("invite", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_email_preferences_user_id_users",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "table_id", name="pk_email_preferences"),
    )
    op.create_table(
        "mail_items",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=True),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("key", sa.String(length=128), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.Column("state", sa.String(length=8), nullable=False),
        sa.Column("batch_id", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_mail_items_user_id_users", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_mail_items"),
        sa.UniqueConstraint("key", name="uq_mail_items_key"),
    )
    op.create_index("ix_mail_items_user_id", "mail_items", ["user_id"])
    op.create_index("ix_mail_items_state", "mail_items", ["state"])
    op.create_index("ix_mail_items_batch_id", "mail_items", ["batch_id"])
    op.create_table(
        "mail_batches",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=8), nullable=False),
        sa.Column("owner", sa.String(length=32), nullable=False),
        sa.Column("until_ms", sa.BigInteger(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.Column("sent_ms", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_mail_batches_user_id_users", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_mail_batches"),
    )
    op.create_index("ix_mail_batches_user_id", "mail_batches", ["user_id"])
    op.create_index("ix_mail_batches_state", "mail_batches", ["state"])


def downgrade() -> None:
    op.drop_table("mail_batches")
    op.drop_table("mail_items")
    op.drop_table("email_preferences")
    op.drop_table("email_addresses")

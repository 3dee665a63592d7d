"""history of finished games, ratings per game, who resigned a seat, the show-ratings preference

Revision ID: 0007
Revises: 0009
Create Date: 2026-12-01 16:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0009"  # written on 0006; chained after 0009 (ops leases), merged first
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("show_ratings", sa.Boolean(), server_default=sa.true(), nullable=False))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("resigned_user_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(op.f("fk_seats_resigned_user_id_users"), "users", ["resigned_user_id"], ["id"])
    op.create_table(
        "outcomes",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_outcomes_table_id_tables"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_outcomes")),
    )
    op.create_table(
        "outcome_seats",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(length=32), nullable=True),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("resigned", sa.Boolean(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["outcomes.table_id"], name=op.f("fk_outcome_seats_table_id_outcomes"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_outcome_seats_user_id_users")),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_outcome_seats")),
    )
    op.create_index("ix_outcome_seats_user_recent", "outcome_seats", ["user_id", "finished_at"])
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_ratings_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "game_id", name=op.f("pk_ratings")),
    )


def downgrade() -> None:
    op.drop_table("ratings")
    op.drop_index("ix_outcome_seats_user_recent", table_name="outcome_seats")
    op.drop_table("outcome_seats")
    op.drop_table("outcomes")
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint(op.f("fk_seats_resigned_user_id_users"), type_="foreignkey")
        batch.drop_column("resigned_user_id")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("show_ratings")

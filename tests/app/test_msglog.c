/* Log history: order, the ring dropping the oldest, clearing, and lines
 * cleaned of control characters and cut between UTF-8 characters. */
#include "app/msglog.h"
#include "check.h"

static void test_ring(void)
{
    MsgLog *log = msglog_create(3);
    CHECK_INT(msglog_count(log), 0);
    CHECK_INT(msglog_last_seq(log), 0);
    CHECK(msglog_line(log, 0) == NULL);
    char text[32];
    for (int i = 1; i <= 5; i++) {
        snprintf(text, sizeof text, "line %d", i);
        msglog_add(log, i / 2, i % 2, text);
    }
    CHECK_INT(msglog_count(log), 3);
    CHECK_INT(msglog_last_seq(log), 5);
    for (size_t i = 0; i < 3; i++) {
        const MsgLogLine *l = msglog_line(log, i);
        snprintf(text, sizeof text, "line %zu", i + 3);
        CHECK(strcmp(l->text, text) == 0);
        CHECK_INT(l->seq, i + 3);
        CHECK_INT(l->turn, (int)(i + 3) / 2);
        CHECK_INT(l->tag, (int)(i + 3) % 2);
    }
    CHECK(msglog_line(log, 3) == NULL);
    msglog_clear(log);
    CHECK_INT(msglog_count(log), 0);
    msglog_add(log, 9, 0, NULL);
    CHECK_INT(msglog_count(log), 1);
    CHECK_INT(msglog_line(log, 0)->seq, 6); /* seq carries on after a clear */
    CHECK_INT(strlen(msglog_line(log, 0)->text), 0);
    msglog_destroy(log);
    msglog_destroy(NULL);

    log = msglog_create(0); /* capacity 0 keeps one line */
    msglog_add(log, 0, 0, "a");
    msglog_add(log, 0, 0, "b");
    CHECK_INT(msglog_count(log), 1);
    CHECK(strcmp(msglog_line(log, 0)->text, "b") == 0);
    msglog_destroy(log);
}

static void test_cleaning(void)
{
    MsgLog *log = msglog_create(4);
    msglog_add(log, 0, 0, "Goblin\nhits\tBarbarian\x7f");
    CHECK(strcmp(msglog_line(log, 0)->text, "Goblin hits Barbarian ") == 0);
    /* 158 ASCII bytes then é (2 bytes) would need 160 + NUL: é is left out
     * whole rather than cut in half. */
    char text[200];
    memset(text, 'a', 158);
    memcpy(text + 158, "\xc3\xa9zz", 5);
    msglog_add(log, 0, 0, text);
    const char *kept = msglog_line(log, 1)->text;
    CHECK_INT(strlen(kept), 158);
    memset(text, 'a', 159);
    memcpy(text + 159, "\xc3\xa9", 3);
    msglog_add(log, 0, 0, text);
    CHECK_INT(strlen(msglog_line(log, 2)->text), 159);
    msglog_destroy(log);
}

int main(void)
{
    test_ring();
    test_cleaning();
    return check_finish("msglog");
}

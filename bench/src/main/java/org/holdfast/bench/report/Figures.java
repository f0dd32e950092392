package org.holdfast.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** How reports write numbers for people: a few significant digits, units in the column heads. */
public final class Figures {

    private Figures() {
    }

    /** Three significant digits, no exponent below a million: 2.53, 12.3, 1318. */
    public static String threeDigits(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        double magnitude = Math.abs(value);
        if (magnitude >= 1e6) {
            return String.format(Locale.ROOT, "%.3g", value);
        } else if (magnitude >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        } else if (magnitude >= 10) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** A small quantity such as an error: 0 or two significant digits with an exponent. */
    public static String scientific(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return value == 0 ? "0" : String.format(Locale.ROOT, "%.1e", value);
    }

    /** A percentage in two significant digits below 10% (0.42%, 3.1%), without decimals above (86%, 137%). */
    public static String shortPercent(double fraction) {
        if (Double.isNaN(fraction)) {
            return "-";
        }
        double percent = fraction * 100;
        return percent >= 10 || percent == 0 ? String.format(Locale.ROOT, "%.0f%%", percent)
                : new BigDecimal(percent).round(new MathContext(2)).stripTrailingZeros().toPlainString() + "%";
    }

    /** A percentage without decimals. */
    public static String percent(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }
}
